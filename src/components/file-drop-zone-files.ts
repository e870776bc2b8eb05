import { t } from '@lingui/core/macro';

/** File types a picker offers and a drop accepts: MIME type → file name extensions. */
export type AcceptedFileTypes = Record<string, readonly string[]>;

type FileRejectionCode = 'file-invalid-type' | 'file-too-large' | 'too-many-files';

export interface FileRejection {
  file: File;
  errors: { code: FileRejectionCode; message: string }[];
}

/** The `accept` attribute of a file input: every MIME type and extension, once each. */
export function acceptAttribute(accept: AcceptedFileTypes): string {
  return [...new Set([...Object.keys(accept), ...Object.values(accept).flat()])].join(',');
}

/**
 * A file fits when its MIME type or its name's extension is listed: browsers report no type, or
 * a spreadsheet's type, for many CSV files, so the extension alone is enough.
 */
export function fileMatchesAccept(file: File, accept: AcceptedFileTypes): boolean {
  const name = file.name.toLowerCase();
  return Object.entries(accept).some(
    ([type, extensions]) =>
      (file.type !== '' && file.type === type) ||
      extensions.some((extension) => name.endsWith(extension.toLowerCase())),
  );
}

/** Splits dropped or chosen files into those to read and those refused, with the reasons. */
export function sortChosenFiles(
  files: readonly File[],
  rules: { accept?: AcceptedFileTypes; maxSize?: number; multiple?: boolean },
): { accepted: File[]; rejections: FileRejection[] } {
  const accepted: File[] = [];
  const rejections: FileRejection[] = [];
  for (const file of files) {
    const fileName = file.name;
    const errors: FileRejection['errors'] = [];
    if (rules.accept && !fileMatchesAccept(file, rules.accept)) {
      errors.push({
        code: 'file-invalid-type',
        message: t`${fileName} is not a file type this takes.`,
      });
    }
    if (rules.maxSize !== undefined && file.size > rules.maxSize) {
      errors.push({ code: 'file-too-large', message: t`${fileName} is too large.` });
    }
    if (errors.length > 0) rejections.push({ file, errors });
    else accepted.push(file);
  }
  if (!rules.multiple && files.length > 1) {
    return {
      accepted: [],
      rejections: files.map((file) => ({
        file,
        errors: [{ code: 'too-many-files', message: t`Choose one file at a time.` }],
      })),
    };
  }
  return { accepted, rejections };
}
