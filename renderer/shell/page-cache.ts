/**
 * The page cache of spec §2.1/§9: up to `limit` pages stay mounted (with their state and scroll) so back and
 * forward restore them; opening one more destroys (unmounts) the least recently shown.
 */
export interface CachedPage<T> {
  key: string;
  value: T;
  /** Saved scroll offset of the page's container. */
  scrollTop: number;
}

export class PageCache<T> {
  private pages: CachedPage<T>[] = [];

  constructor(private readonly limit: number) {}

  /** Shows the page for `key`: the cached one, or a new one made by `create`. Returns the evicted keys. */
  visit(key: string, create: () => T): { page: CachedPage<T>; evicted: string[] } {
    const index = this.pages.findIndex((p) => p.key === key);
    if (index >= 0) {
      const [page] = this.pages.splice(index, 1);
      this.pages.push(page!);
      return { page: page!, evicted: [] };
    }
    const page: CachedPage<T> = { key, value: create(), scrollTop: 0 };
    this.pages.push(page);
    const evicted = this.pages.splice(0, Math.max(0, this.pages.length - this.limit)).map((p) => p.key);
    return { page, evicted };
  }

  drop(key: string): void {
    this.pages = this.pages.filter((p) => p.key !== key);
  }

  get(key: string): CachedPage<T> | undefined {
    return this.pages.find((p) => p.key === key);
  }

  get all(): readonly CachedPage<T>[] {
    return this.pages;
  }
}
