import {
  chatReadBodySchema,
  chatReadResponseSchema,
  conversationSummarySchema,
  conversationsResponseSchema,
  type MessageReadEvent,
  messagesQuerySchema,
  messagesResponseSchema,
} from '@ustaz/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../http/authenticate.ts';
import { requestLanguage } from '../../http/language.ts';
import { type ModuleRoutesOptions, signedInRoute } from '../../http/module-routes.ts';
import { idParamsSchema, userIdParamsSchema } from '../../http/params.ts';
import type { ChatService } from './chat.service.ts';

type Options = ModuleRoutesOptions<ChatService> & {
  /** Tells both participants' sockets that messages were read. */
  onRead: (event: MessageReadEvent, otherUserId: number) => void;
};

/** Chat history and paging over REST (the socket carries live traffic). */
export function chatRoutes({ service, requireAuth, onRead }: Options): FastifyPluginAsyncZod {
  const signedIn = signedInRoute('chat', requireAuth);
  return async (app) => {
    app.get(
      '/api/v1/chats',
      signedIn('My conversations, latest activity first', { response: { 200: conversationsResponseSchema } }),
      async (request) => ({ data: await service.list(authOf(request).userId, requestLanguage(request)) }),
    );

    app.get(
      '/api/v1/chats/with/:userId',
      signedIn('The conversation with a user (created for a student-teacher pair)', {
        params: userIdParamsSchema,
        response: { 200: conversationSummarySchema },
      }),
      (request) => service.withUser(authOf(request).userId, request.params.userId, requestLanguage(request)),
    );

    app.get(
      '/api/v1/chats/:id/messages',
      signedIn('Messages of a conversation in seq order: the newest page, older (beforeSeq) or newer (afterSeq)', {
        params: idParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: messagesResponseSchema },
      }),
      (request) => service.history(authOf(request).userId, request.params.id, request.query),
    );

    app.post(
      '/api/v1/chats/:id/read',
      signedIn('Marks everything up to a message as read (the REST twin of mark:read)', {
        params: idParamsSchema,
        body: chatReadBodySchema,
        response: { 200: chatReadResponseSchema },
      }),
      async (request) => {
        const result = await service.markRead(authOf(request).userId, {
          conversationId: request.params.id,
          messageId: request.body.messageId,
        });
        if (result) onRead(result.event, result.otherUserId);
        return { ok: true as const };
      },
    );
  };
}
