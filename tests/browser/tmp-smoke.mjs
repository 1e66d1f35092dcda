import { serve, launch, open } from './harness.mjs';
const server = await serve();
const browser = await launch();
const { page, problems } = await open(browser, `${server.url}#game=samegame&preset=standard&seed=3&w=15&h=15&colors=5`);
await page.locator('[data-ref="think"]').fill('5');
await page.getByRole('button', { name: 'Solve' }).click();
for (let i = 0; i < 14; i++) {
  await page.waitForTimeout(500);
  console.log(await page.locator('[data-ref="solve-progress"]').textContent());
}
console.log(problems);
await browser.close();
server.close();
