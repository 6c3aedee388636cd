import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { execute, GraphQLError, Kind, parse, validate } from 'graphql';
import type { DocumentNode } from 'graphql';
import { graphqlRequestSchema, graphqlResponseSchema } from '@photo/core/api/schemas/merchandise';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { errorBody } from '../../http/http-error.ts';
import { merchandiseRoot, merchandiseSchema } from './merchandise-graphql.ts';

/** Plenty for the two queries; stops a pathological document before validation walks it. */
const MAX_TOKENS = 2000;

/**
 * The conventions' error JSON plus the GraphQL `errors` of a refused document (absent when
 * the body itself failed the schema: the error handler answers those).
 */
const badRequestSchema = z.object({
  statusCode: z.literal(400),
  error: z.string(),
  message: z.string(),
  field: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ message: z.string() }))),
});

function badQuery(
  message: string,
  errors: readonly GraphQLError[],
  field = 'body.query',
): z.infer<typeof badRequestSchema> & { field: string } {
  return {
    ...errorBody(400, message, field),
    statusCode: 400,
    field,
    errors: errors.map((error) => ({ message: error.message })),
  };
}

/**
 * Merchandise channels (docs/product.md#apis, mounted at MerchandiseApiUrl, /api/merchandise):
 * GraphQL over HTTP, `POST` with `{query, variables, operationName}`. A document that does not
 * parse or validate, or whose variables do not fit, is 400 JSON naming the field, with the
 * GraphQL `errors` beside it; otherwise 200 `{data, errors?}`. An unknown channel ID answers
 * `channel: null`: the client then reports 'Unable to extract channel ID!'. Queries only.
 */
export const merchandiseModule: FastifyPluginAsync<{ deps: AppDeps }> = async (root, { deps }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const rootValue = merchandiseRoot(deps.db);
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/',
    {
      schema: {
        tags: ['merchandise'],
        security: [{ bearerAuth: [] }],
        summary: 'GraphQL: channels(vendorId, locale) and channel(id) with articles and options',
        body: graphqlRequestSchema,
        response: { 200: graphqlResponseSchema, 400: badRequestSchema },
      },
    },
    async (request, reply) => {
      const { query, variables, operationName } = request.body;
      let document: DocumentNode;
      try {
        document = parse(query, { maxTokens: MAX_TOKENS });
      } catch (error) {
        const syntax = error instanceof GraphQLError ? error : new GraphQLError(String(error));
        return reply.code(400).send(badQuery(syntax.message, [syntax]));
      }
      const nonQuery = document.definitions.find(
        (definition) =>
          definition.kind === Kind.OPERATION_DEFINITION && definition.operation !== 'query',
      );
      if (nonQuery)
        return reply
          .code(400)
          .send(
            badQuery('Only queries are supported', [
              new GraphQLError('Only queries are supported'),
            ]),
          );
      const invalid = validate(merchandiseSchema, document);
      if (invalid.length > 0) return reply.code(400).send(badQuery(invalid[0]!.message, invalid));
      const result = await execute({
        schema: merchandiseSchema,
        document,
        rootValue,
        variableValues: variables ?? undefined,
        operationName: operationName ?? undefined,
      });
      // No data at all: the request itself was wrong (variables, operation name), not a resolver.
      if (!('data' in result) || result.data === undefined || result.data === null) {
        const errors = result.errors ?? [];
        const field = errors.some((error) => /operation/i.test(error.message))
          ? 'body.operationName'
          : 'body.variables';
        if (errors.length > 0 && !errors.some((error) => error.path))
          return reply.code(400).send(badQuery(errors[0]!.message, errors, field));
      }
      return {
        data: (result.data ?? null) as Record<string, unknown> | null,
        ...(result.errors?.length
          ? {
              errors: result.errors.map((error) => ({
                message: error.message,
                ...(error.path ? { path: [...error.path] } : {}),
              })),
            }
          : {}),
      };
    },
  );
};
