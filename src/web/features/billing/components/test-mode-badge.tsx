/** The plain label of the built-in provider: nothing is ever charged. */
export function TestModeBadge() {
  return (
    <p
      className="inline-flex items-center self-start gap-2 rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-950"
      data-testid="test-mode"
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
      Test mode — no real charges
    </p>
  );
}
