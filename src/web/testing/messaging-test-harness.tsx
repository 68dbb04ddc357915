import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { ConversationSummary, Message } from '../../shared/schemas/messaging.ts';
import { ToastProvider } from '../components/ui/toast.tsx';
import { render } from './render.tsx';

/** Test-only: fixtures and a harness for the messaging components (no network, happy-dom). */

export const ME = '00000000-0000-4000-8000-00000000000a';
export const OTHER = '00000000-0000-4000-8000-00000000000b';
export const CONVERSATION = '00000000-0000-4000-8000-0000000000c1';
export const LISTING = '00000000-0000-4000-8000-0000000000d1';

let counter = 0;
export function messageId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function aMessage(overrides: Partial<Message> = {}): Message {
  counter += 1;
  return {
    id: messageId(1000 + counter),
    conversationId: CONVERSATION,
    senderId: OTHER,
    receiverId: ME,
    content: 'Hello',
    listingId: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    isEdited: false,
    editedAt: null,
    isRead: true,
    readAt: null,
    readByReceiverAt: null,
    ...overrides,
  };
}

export function aSummary(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: CONVERSATION,
    otherParticipant: { id: OTHER, name: 'Lars Landlord', role: 'landlord' },
    lastMessage: {
      id: messageId(1),
      content: 'See you at 5 & bring ID',
      timestamp: '2026-11-20T15:00:00.000Z',
      senderId: OTHER,
      isRead: false,
    },
    unreadCount: 2,
    listingContext: { id: LISTING, title: 'Sunny two-bedroom', address: '12 Test Street' },
    updatedAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export type ApiCall = { method: string; url: URL; body: unknown };
type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type ApiHandler = (call: ApiCall) => Reply | Promise<Reply | undefined> | undefined;

/**
 * Stubs `fetch`: each request goes to `handler` (method, parsed URL, JSON body); an unhandled one
 * answers 500. Returns every call made. Undo with `vi.unstubAllGlobals()`.
 */
export function stubApi(handler: ApiHandler): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url: new URL(input, 'http://localhost'),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const reply = (await handler(call)) ?? {
      status: 500,
      body: { error: { code: 'INTERNAL', message: 'Unhandled in test' } },
    };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  return calls;
}

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders `ui` at `path` (matched by `pattern`) inside a query client, toasts and a router. */
export async function renderMessaging(
  ui: ReactNode,
  {
    path = '/',
    pattern = '*',
    queryClient = testQueryClient(),
  }: { path?: string; pattern?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const rendered = await render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { ...rendered, router, queryClient };
}
