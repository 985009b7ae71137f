import { useState } from 'react';
import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ETHICS_DOCUMENT_MAX_BYTES, ETHICS_DOCUMENT_TYPES } from '@contract/distribution.contract';

type DocumentType = (typeof ETHICS_DOCUMENT_TYPES)[number];
const isDocumentType = (t: string): t is DocumentType => ETHICS_DOCUMENT_TYPES.some((x) => x === t);

/** A signed document read in the browser, as the API takes it (EthicsDocumentInput). */
export interface ReadDocument {
  fileName: string;
  contentType: DocumentType;
  /** The bytes as base64. */
  data: string;
}

/** The file's bytes as base64 (FileReader's data URL without its prefix). */
const base64Of = (file: File, unreadable: string) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(new Error(unreadable));
    reader.readAsDataURL(file);
  });

/** What the field says; common.documentFile unless the caller names its own document. */
export interface DocumentFileTexts {
  label: string;
  description: string;
  placeholder: string;
  wrongType: string;
  tooLarge: string;
  unreadable: string;
}

interface Props {
  /** A file read and accepted (type and size as the API takes them), or null when cleared or refused. */
  onRead: (document: ReadDocument | null) => void;
  /** The save's error (the server's problem title), shown under the field. */
  error?: string | null;
  disabled?: boolean;
  withAsterisk?: boolean;
  texts?: Partial<DocumentFileTexts>;
}

/**
 * The one signed-document picker (a distribution protocol's ethics approval, a research request's material
 * transfer agreement): PDF, PNG or JPEG up to 5 MB, checked before it is sent, read as base64.
 */
export function DocumentFileInput({ onRead, error, disabled, withAsterisk, texts }: Props) {
  const { t } = useTranslation('common');
  const w: DocumentFileTexts = {
    label: t('documentFile.label'),
    description: t('documentFile.description'),
    placeholder: t('documentFile.placeholder'),
    wrongType: t('documentFile.wrongType'),
    tooLarge: t('documentFile.tooLarge'),
    unreadable: t('documentFile.unreadable'),
    ...texts,
  };
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    setProblem(null);
    onRead(null);
    if (!file) return;
    if (!isDocumentType(file.type)) return setProblem(w.wrongType);
    if (file.size > ETHICS_DOCUMENT_MAX_BYTES) return setProblem(w.tooLarge);
    try {
      onRead({ fileName: file.name, contentType: file.type, data: await base64Of(file, w.unreadable) });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <FileInput
      label={w.label}
      description={w.description}
      accept={ETHICS_DOCUMENT_TYPES.join(',')}
      placeholder={w.placeholder}
      clearable
      withAsterisk={withAsterisk}
      onChange={(f) => void choose(f)}
      error={problem ?? error}
      disabled={disabled}
    />
  );
}
