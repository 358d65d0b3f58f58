/** `onError`, made safe to call from anywhere: a logger that throws must not become an unhandled rejection. */
export function safeReporter(
  onError: (error: unknown) => void = () => {},
): (error: unknown) => void {
  return (error) => {
    try {
      onError(error)
    } catch {
      // Swallowed: the failure it reported is handled by whoever called.
    }
  }
}

/**
 * Reports failures of one kind once per outage: the first failure is told to `report`, the next
 * ones are not until `recovered()` was called (a call that succeeded). For failures that repeat
 * per request while a dependency is down (Redis), so a log hears of an outage, not of each request.
 */
export function oncePerOutage(report: (error: unknown) => void): {
  failed(error: unknown): void
  recovered(): void
} {
  let failing = false
  return {
    failed(error) {
      if (!failing) report(error)
      failing = true
    },
    recovered() {
      failing = false
    },
  }
}
