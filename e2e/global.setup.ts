import { test as setup } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type Role, storageStateFor } from './fixtures.ts';

for (const role of Object.keys(DEMO) as Role[]) {
  setup(`sign in the demo ${role}`, async ({ playwright, baseURL }) => {
    const url = baseURL ?? 'http://localhost:3000';
    const request = await playwright.request.newContext({ baseURL: url });
    const response = await request.post('/api/auth/sign-in/email', {
      data: { email: DEMO[role], password: DEMO_PASSWORD },
      headers: { Origin: new URL(url).origin },
    });
    if (response.status() !== 200) {
      throw new Error(
        `Demo ${role} could not sign in: ${response.status()} ${await response.text()}`,
      );
    }
    await request.storageState({ path: storageStateFor(role) });
    await request.dispose();
  });
}
