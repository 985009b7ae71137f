import { defineErrors } from '../../platform/errors';

/** The participants module's errors: code `participants.<key>`, status, human title. */
export const participantErrors = defineErrors('participants', {
  mrn_taken: {
    status: 409,
    title: (mrn: string, owner: string, atSite: boolean) =>
      owner.toLowerCase() === mrn.toLowerCase()
        ? `MRN ${mrn} is already registered to another participant.`
        : `MRN ${mrn} is already registered${atSite ? ' at this site' : ''} to the participant with MRN ${owner}.`,
  },
  child_duplicate: { status: 409, title: (label: string) => `This ${label} is already recorded for the participant.` },
});
