/** Issue 26: a stub, replaced by the screen's own helper. */
export default function InboxItemView() {
  return null;
}
