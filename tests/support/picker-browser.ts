import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Picks one member in the people picker opened by `testId`, by a search on his name or login ID. */
export async function pickMember(page: Page, testId: string, search: string): Promise<void> {
  await page.getByTestId(`${testId}-open`).click();
  const picker = page.locator('.arco-modal:visible', { hasText: '选择人员与组织' });
  await picker.locator('input[aria-label="按姓名、账号或拼音首字母搜索成员"]').fill(search);
  await expect.poll(() => picker.getByTestId(`${testId}-member-option`).count()).toBe(1);
  await picker.getByTestId(`${testId}-member-option`).locator('label').click();
  await picker.getByTestId(`${testId}-ok`).click();
  await picker.waitFor({ state: 'hidden' });
}
