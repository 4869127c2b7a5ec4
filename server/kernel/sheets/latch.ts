/**
 * Remembers the first error of a stream we cannot await directly (exceljs's private unzipper, a file
 * being written) and makes any guarded await fail with it instead of waiting forever.
 *
 * Not Promise.race(work, neverSettlingFailure): every race leaves a reaction on the long-lived promise,
 * holding its result; once per row that retained ~3 KB/row (100,000 xlsx rows → +300 MB). Here a waiter
 * is dropped as soon as its own promise settles.
 */
export class FailureLatch {
  failed = false;
  error: unknown = undefined;
  private readonly waiters = new Set<(error: unknown) => void>();

  readonly fail = (error: unknown): void => {
    if (this.failed) return;
    this.failed = true;
    this.error = error;
    for (const reject of this.waiters) reject(error);
    this.waiters.clear();
  };

  check(): void {
    if (this.failed) throw this.error;
  }

  guard<T>(promise: Promise<T>): Promise<T> {
    if (this.failed) {
      promise.catch(() => {}); // abandoned: its own failure no longer matters
      return Promise.reject(this.error);
    }
    return new Promise<T>((resolve, reject) => {
      this.waiters.add(reject);
      promise.then(
        (value) => {
          this.waiters.delete(reject);
          resolve(value);
        },
        (error: unknown) => {
          this.waiters.delete(reject);
          reject(error);
        },
      );
    });
  }
}
