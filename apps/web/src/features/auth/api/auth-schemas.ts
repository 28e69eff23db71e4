/** The sign-in replies' schemas: a chunk of their own (see reply-schemas.ts). */
export { loginDataSchema, userInfoSchema } from '@ai-edu/contract';
