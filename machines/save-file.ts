/**
 * The download machines' `saveFile` (her invoices, her consultations' invoices and credit notes):
 * the page provides it and saves the PDF that came as a file. `savedAs(name)` gives its params from
 * a download's done event: the file, under the name taken from the context.
 *
 *     onDone: { target: 'idle', actions: [{ type: 'saveFile', params: savedAs((c) => c.name) }, …] }
 */
export interface SavedFile {
  file: Blob;
  fileName: string;
}

/** Declared in each machine's `setup({ actions })`; the page provides the real one. */
export const saveFile = (_: unknown, _params: SavedFile) => {};

export const savedAs =
  <C>(nameOf: (context: C) => string) =>
  ({ context, event }: { context: C; event: { output: Blob } }): SavedFile => ({
    file: event.output,
    fileName: nameOf(context),
  });
