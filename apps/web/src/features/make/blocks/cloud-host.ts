/**
 * The cloud AI blocks' host functions (ARCHITECTURE.md convention 16): `aiAsk(question)` resolves with the
 * AI's answer, `aiPaintCostume(prompt)` dresses the sprite in a painted picture. The calls themselves (the AI
 * labs' endpoints, hooks/cloud-calls.ts) are injected, so this module is pure and tested in Node. A call the
 * AI cannot answer (not set up, no credits, a lesson lock, the lab closed for the account, a provider failure)
 * never stops the program: the ask block's answer becomes a short explanation in the student's language, the
 * paint block prints it on the stage, and the next block runs.
 */
import type { Language } from '@ai-edu/contract';
import type { AiProblem } from '../../../lib/ai-problem.ts';
import type { AsyncHostFunction } from '../runtime/program-runner.ts';
import type { SpriteWorld } from '../runtime/sprite-world.ts';
import { CLOUD_FUNCTIONS, cloudProblemText } from './cloud-block-texts.ts';
import { displayText } from './host-functions.ts';

/** A cloud call that got no answer, with why (the HTTP refusal or the stream's error, as the labs read them). */
export class CloudProblemError extends Error {
  constructor(readonly problem: AiProblem) {
    super(problem.message || problem.kind);
    this.name = 'CloudProblemError';
  }
}

/** The page's side: the AI labs' endpoints, and the stage. */
export interface CloudStage {
  language: Language;
  print: (line: string) => void;
  world: SpriteWorld;
  /** One question to the chat endpoint: the whole answer (a streamed one collected). */
  chat: (question: string) => Promise<string>;
  /** One painting, loaded as a picture costume: its name (`image:<n>`). */
  paintCostume: (prompt: string) => Promise<string>;
  /** Whether the server has its chat provider set up (GET /api/ai/status, as the labs' cards ask). */
  chatConfigured: () => Promise<boolean>;
}

/** What went wrong, as the labs classify it; anything that is not a CloudProblemError is the network's. */
export function problemOf(error: unknown): AiProblem {
  if (error instanceof CloudProblemError) return error.problem;
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
}

export function cloudHostFunctions(stage: CloudStage): Record<string, AsyncHostFunction> {
  // A refused question (credits, a lesson lock, no provider…) makes "the cloud AI can answer" false for the
  // rest of the run, so a program that checks it turns to its own answers instead of asking again.
  let refused = false;
  // The server's status is asked once per run: a loop that checks it each round costs one request.
  let configured: Promise<boolean> | null = null;
  return {
    [CLOUD_FUNCTIONS.ask]: async (question) => {
      const text = displayText(question ?? '').trim();
      // Nothing to ask: no call, nothing charged.
      if (!text) return '';
      try {
        return await stage.chat(text);
      } catch (error) {
        refused = true;
        return cloudProblemText(problemOf(error), stage.language, 'aiChat');
      }
    },
    [CLOUD_FUNCTIONS.ready]: async () => {
      if (refused) return false;
      configured ??= stage.chatConfigured().catch(() => false);
      return await configured;
    },
    [CLOUD_FUNCTIONS.paint]: async (prompt) => {
      const text = displayText(prompt ?? '').trim();
      if (!text) return;
      try {
        stage.world.setCostume(await stage.paintCostume(text));
      } catch (error) {
        stage.print(cloudProblemText(problemOf(error), stage.language, 'textToImage'));
      }
    },
  };
}
