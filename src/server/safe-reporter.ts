/** `onError`, made safe to call from anywhere: a logger that throws must not become an unhandled rejection. */
export function safeReporter(onError: (error: unknown) => void = () => {}): (error: unknown) => void {
  return (error) => {
    try {
      onError(error)
    } catch {
      // Swallowed: the failure it reported is handled by whoever called.
    }
  }
}
