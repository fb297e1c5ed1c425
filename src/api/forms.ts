import { fromPromise } from 'xstate';
import type { FormReceipt } from '../../contract/forms-rules';
import type { enquiryFormMachine, SendFormInput } from '../../machines/enquiryForm';
import { request } from './client';

/**
 * The public forms' one actor (issue 9): POST /api/forms/{kind}. The four enquiries go as JSON; the
 * expert application goes as multipart/form-data with the CV (the browser sets the boundary). The
 * actor's abort signal cancels a request the form no longer waits for.
 */
export const sendForm = fromPromise<FormReceipt, SendFormInput>(({ input, signal }) => {
  const path = `/forms/${input.kind}`;
  if (input.kind !== 'expert-application')
    return request<FormReceipt>(path, { method: 'POST', body: input.values, signal });
  const body = new FormData();
  for (const [name, value] of Object.entries(input.values)) body.append(name, value);
  if (input.cv?.file instanceof Blob) body.append('cv', input.cv.file, input.cv.name);
  return request<FormReceipt>(path, { method: 'POST', body, signal });
});

/** The form screens create their own actors; tests give them stubs through <RootProvider screens={…}>. */
declare module '../app/actors' {
  interface ScreenOverrides {
    enquiryForm?: Parameters<typeof enquiryFormMachine.provide>[0];
  }
}
