/** The part of JS-Interpreter (npm `js-interpreter`, Neil Fraser's interpreter) the studio uses. */
declare module 'js-interpreter' {
  /** A value inside the interpreter: primitives as they are, objects as the interpreter's own. */
  export type PseudoValue = unknown;
  export type PseudoObject = object;

  class Interpreter {
    constructor(code: string, init?: (interpreter: Interpreter, globalObject: PseudoObject) => void);
    /** Runs one step; false once the program (and its queued tasks) is done. */
    step(): boolean;
    setProperty(object: PseudoObject, name: string, value: PseudoValue): void;
    createNativeFunction(fn: (...args: PseudoValue[]) => PseudoValue): PseudoObject;
    /** `fn` gets exactly `fn.length - 1` arguments, then the callback that resumes the program. */
    createAsyncFunction(fn: (...args: never[]) => void): PseudoObject;
    pseudoToNative(value: PseudoValue): unknown;
    nativeToPseudo(value: unknown): PseudoValue;
    /** The running program's stack of states; swapping it switches threads (JS-Interpreter's thread demo). */
    stateStack: Interpreter.State[];
    readonly globalScope: Interpreter.Scope;
    /** True while an async function has not called back. Internal, but the documented way to see a wait. */
    paused_: boolean;
    /** Parses code into a Program node (internal; acorn with the interpreter's options). */
    parse_(code: string, sourceFile: string): Interpreter.Node;
  }
  namespace Interpreter {
    interface Node {
      type: string;
    }
    type Scope = object;
    class State {
      constructor(node: Node, scope: Scope);
    }
  }
  export default Interpreter;
}
