// The partners module's public surface: signing what an institution sends, verifying what it receives.
export { signDocument, signWithActiveKey, verifyDocument, wasSigned, SIG_FORMAT, type Signer } from './signing.service';
