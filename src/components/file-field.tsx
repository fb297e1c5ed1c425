import { FileUpload, type FileUploadFileChangeDetails } from '@ark-ui/react/file-upload';
import { css, cx } from '../../styled-system/css';
import { stack } from '../../styled-system/patterns';
import { ErrorLine, type FieldProps, fieldClasses, LabelText } from './form-fields';

const dropzone = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  alignItems: { base: 'stretch', sm: 'center' },
  gap: '3',
  p: '4',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'border.emphasized',
  borderRadius: 'lg',
  bg: 'bg.subtle',
  '&[data-dragging]': { borderColor: 'accent.solid', bg: 'accent.subtle' },
  '&[data-invalid]': { borderColor: 'error.fg' },
});
const pickButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '11',
  px: '4',
  borderRadius: 'md',
  borderWidth: '1px',
  borderColor: 'accent.solid',
  color: 'accent.fg',
  bg: 'bg.surface',
  fontWeight: '600',
  cursor: 'pointer',
  flexShrink: '0',
  _hover: { bg: 'accent.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.solid', outlineOffset: '2px' },
});
const fileRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'md',
  bg: 'bg.surface',
  minWidth: '0',
});

/**
 * One PDF (Ark FileUpload): a button and a drop zone, then the chosen file with a remove button.
 * The form keeps the file (`file`); every pick, good or not, goes to `onPick`, which decides.
 */
export function FileField({
  file,
  onPick,
  onRemove,
  accept,
  maxBytes,
  texts,
  ...props
}: FieldProps & {
  file: { file: unknown; name: string; size: number } | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  accept: string;
  maxBytes: number;
  texts: { choose: string; drop: string; remove: string; size: string };
}) {
  const errorId = `${props.name}-error`;
  const helperId = `${props.name}-helper`;
  const describedBy = [props.helper ? helperId : null, props.error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const accepted = file?.file instanceof File ? [file.file] : [];
  return (
    <FileUpload.Root
      name={props.name}
      accept={accept}
      maxFiles={1}
      maxFileSize={maxBytes}
      acceptedFiles={accepted}
      invalid={!!props.error}
      required={props.required}
      onFileChange={(details: FileUploadFileChangeDetails) => {
        const picked = details.acceptedFiles[0] ?? details.rejectedFiles[0]?.file;
        if (picked) onPick(picked);
      }}
      className={stack({ gap: '1.5', minWidth: '0' })}
    >
      <FileUpload.Label className={fieldClasses.label}>
        <LabelText {...props} />
      </FileUpload.Label>
      <FileUpload.Dropzone className={dropzone} aria-describedby={describedBy || undefined} disableClick>
        <FileUpload.Trigger
          className={pickButton}
          aria-describedby={describedBy || undefined}
          data-testid="cv-choose"
        >
          {texts.choose}
        </FileUpload.Trigger>
        <span className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>{texts.drop}</span>
      </FileUpload.Dropzone>
      {file && (
        <div className={fileRow} data-testid="cv-file">
          <span aria-hidden="true" className={css({ fontWeight: '700', color: 'accent.fg', fontSize: 'xs' })}>
            PDF
          </span>
          <span className={css({ flex: '1', minWidth: '0', overflowWrap: 'anywhere' })}>
            <span dir="auto" className={css({ fontWeight: '500' })}>
              {file.name}
            </span>{' '}
            <span className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>{texts.size}</span>
          </span>
          <button
            type="button"
            onClick={onRemove}
            className={cx(pickButton, css({ minHeight: '9', px: '3', borderColor: 'border.emphasized' }))}
            data-testid="cv-remove"
          >
            {texts.remove}
          </button>
        </div>
      )}
      {props.helper && (
        <p id={helperId} className={fieldClasses.helperText}>
          {props.helper}
        </p>
      )}
      {props.error && (
        <p id={errorId} className={fieldClasses.errorText} data-testid={`error-${props.name}`}>
          <ErrorLine>{props.error}</ErrorLine>
        </p>
      )}
      <FileUpload.HiddenInput data-testid="cv-input" aria-describedby={describedBy || undefined} />
    </FileUpload.Root>
  );
}
