import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  ConversationIdParamSchema,
  ConversationListQuerySchema,
  CreateConversationSchema,
  EditMessageSchema,
  MESSAGING_MESSAGES,
  MessageIdParamSchema,
  MessagePageQuerySchema,
  RecentConversationsQuerySchema,
  SendMessageSchema,
  SuggestionsQuerySchema,
} from '../../../shared/schemas/messaging.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppEnv } from '../../app-env.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import { AppError } from '../../lib/app-error.ts';
import { validate } from '../../lib/validate.ts';
import {
  conversationListings,
  conversationStats,
  conversationSuggestions,
  getConversation,
  getOrCreateConversation,
  listConversations,
} from './conversations.service.ts';
import {
  countUnread,
  editMessage,
  type MessagingCtx,
  markConversationRead,
  messagePage,
  sendMessage,
} from './messages.service.ts';

const conversationParam = validate('param', ConversationIdParamSchema, {
  id: 'CONVERSATION_NOT_FOUND',
});

/**
 * An unexpected failure (not a validation or permission answer) reports the message of
 * docs/spec.md §8 for the operation as a 500, never the cause. hono's own 4xx (HTTPException,
 * e.g. a body limit) is the sender's mistake and keeps its answer.
 */
function failsWith(
  message: string,
  code: 'INTERNAL' | 'MESSAGE_SEND_FAILED' = 'INTERNAL',
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const error = c.error;
    const clientError = error instanceof HTTPException && error.status < 500;
    if (error && !(error instanceof AppError) && !clientError) {
      c.var.logger.error({ err: error }, message);
      throw new AppError(code, { message });
    }
  };
}

function messagingDeps(deps: AppDeps): Omit<MessagingCtx, 'user'> {
  return {
    db: deps.database.db,
    events: deps.events,
    sendLimitPerMinute: deps.env.MESSAGE_SEND_LIMIT_PER_MINUTE,
  };
}

/** `/api/conversations`: docs/spec.md §7's messaging operations as Stoop's own API (issue 5). */
export function createConversationsRoutes(deps: AppDeps) {
  const base = messagingDeps(deps);
  const ctxOf = (c: Context<AppEnv>): MessagingCtx => ({ ...base, user: currentUser(c) });
  return new Hono<AppEnv>()
    .use(requireUser)
    .get(
      '/',
      failsWith(MESSAGING_MESSAGES.listFailed),
      validate('query', ConversationListQuerySchema),
      async (c) => c.json(await listConversations({ ctx: ctxOf(c), input: c.req.valid('query') })),
    )
    .post(
      '/',
      failsWith(MESSAGING_MESSAGES.createFailed),
      validate('json', CreateConversationSchema),
      async (c) => {
        const { conversation, created } = await getOrCreateConversation({
          ctx: ctxOf(c),
          input: c.req.valid('json'),
        });
        return c.json({ conversation }, created ? 201 : 200);
      },
    )
    .get(
      '/search',
      failsWith(MESSAGING_MESSAGES.searchFailed),
      validate('query', ConversationListQuerySchema),
      async (c) => c.json(await listConversations({ ctx: ctxOf(c), input: c.req.valid('query') })),
    )
    .get('/suggestions', validate('query', SuggestionsQuerySchema), async (c) => {
      const items = await conversationSuggestions({ ctx: ctxOf(c), input: c.req.valid('query') });
      return c.json({ items });
    })
    .get('/listings', async (c) => c.json({ items: await conversationListings({ ctx: ctxOf(c) }) }))
    .get('/stats', async (c) => c.json(await conversationStats({ ctx: ctxOf(c) })))
    .get(
      '/recent',
      failsWith(MESSAGING_MESSAGES.listFailed),
      validate('query', RecentConversationsQuerySchema),
      async (c) => {
        const { days, ...page } = c.req.valid('query');
        const since = new Date(Date.now() - days * 86_400_000);
        return c.json(
          await listConversations({ ctx: ctxOf(c), input: { ...page, updatedSince: since } }),
        );
      },
    )
    .get('/:id', conversationParam, async (c) => {
      const conversation = await getConversation({
        ctx: ctxOf(c),
        input: { conversationId: c.req.valid('param').id },
      });
      return c.json({ conversation });
    })
    .get(
      '/:id/messages',
      conversationParam,
      validate('query', MessagePageQuerySchema),
      async (c) => {
        const page = await messagePage({
          ctx: ctxOf(c),
          input: { conversationId: c.req.valid('param').id, ...c.req.valid('query') },
        });
        return c.json(page);
      },
    )
    .post(
      '/:id/messages',
      failsWith(MESSAGING_MESSAGES.sendUnexpected, 'MESSAGE_SEND_FAILED'),
      conversationParam,
      validate('json', SendMessageSchema),
      async (c) => {
        const { message, created } = await sendMessage({
          ctx: ctxOf(c),
          input: { conversationId: c.req.valid('param').id, ...c.req.valid('json') },
        });
        return c.json({ message }, created ? 201 : 200);
      },
    )
    .post(
      '/:id/read',
      failsWith(MESSAGING_MESSAGES.markReadFailed),
      conversationParam,
      async (c) => {
        const input = { conversationId: c.req.valid('param').id };
        return c.json(await markConversationRead({ ctx: ctxOf(c), input }));
      },
    );
}

/** `/api/messages`: unread counts and edits. */
export function createMessagesRoutes(deps: AppDeps) {
  const base = messagingDeps(deps);
  const ctxOf = (c: Context<AppEnv>): MessagingCtx => ({ ...base, user: currentUser(c) });
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/unread-count', failsWith(MESSAGING_MESSAGES.unreadCountFailed), async (c) =>
      c.json(await countUnread({ ctx: ctxOf(c) })),
    )
    .patch(
      '/:id',
      validate('param', MessageIdParamSchema),
      validate('json', EditMessageSchema),
      async (c) => {
        const message = await editMessage({
          ctx: ctxOf(c),
          input: { messageId: c.req.valid('param').id, content: c.req.valid('json').content },
        });
        return c.json({ message });
      },
    );
}
