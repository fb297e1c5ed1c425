import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Field from '../../src/components/field';
import { focusFirstInvalid } from '../../src/components/focus-field';

/** A box at `top` (px from the viewport's top), `height` tall. */
const at = (top: number, height: number) => () => DOMRect.fromRect({ x: 0, y: top, width: 300, height });

function Page() {
  return (
    <>
      <header data-toast-anchor>Amina</header>
      <form data-testid="form">
        <Field.Root>
          <Field.Label>First name</Field.Label>
          <Field.Input data-testid="first" />
        </Field.Root>
        <Field.Root invalid data-testid="box">
          <Field.Label>Last name</Field.Label>
          <Field.Input data-testid="last" />
          <Field.ErrorText>Please enter your last name.</Field.ErrorText>
        </Field.Root>
      </form>
    </>
  );
}

describe('focus after a refused submit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function layout(fieldTop: number) {
    render(<Page />);
    // a sticky header 64 px tall; the wrong field's label starts at fieldTop, its input 28 px lower
    vi.spyOn(screen.getByRole('banner'), 'getBoundingClientRect').mockImplementation(at(0, 64));
    vi.spyOn(screen.getByTestId('box'), 'getBoundingClientRect').mockImplementation(at(fieldTop, 80));
    vi.spyOn(screen.getByTestId('last'), 'getBoundingClientRect').mockImplementation(at(fieldTop + 28, 44));
    const scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
    return scrollBy;
  }

  it('focuses the first wrong field and scrolls its label out from under the sticky header', () => {
    // the input itself is just visible (40 px), its label is hidden under the header
    const scrollBy = layout(12);
    expect(focusFirstInvalid(screen.getByTestId('form'))).toBe(true);
    expect(screen.getByTestId('last')).toHaveFocus();
    // the label ends 16 px below the header's bottom edge
    expect(scrollBy).toHaveBeenCalledWith({ top: 12 - 64 - 16 });
  });

  it('brings a field below the fold up to just under the header', () => {
    const scrollBy = layout(window.innerHeight + 200);
    focusFirstInvalid(screen.getByTestId('form'));
    expect(screen.getByTestId('last')).toHaveFocus();
    expect(scrollBy).toHaveBeenCalledWith({ top: window.innerHeight + 200 - 64 - 16 });
  });

  it('does not scroll when the field and its label are in view', () => {
    const scrollBy = layout(200);
    focusFirstInvalid(screen.getByTestId('form'));
    expect(screen.getByTestId('last')).toHaveFocus();
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
