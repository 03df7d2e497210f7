// Our code block's own props (./theme/CodeBlock), beside theme-classic's, for the components that import it as @theme/CodeBlock.
import type { HighlightsLoader } from '../../lib/code/context';

declare module '@theme/CodeBlock' {
  interface Props {
    /** Loads the highlights file this block's lines are in (./context.tsx). */
    readonly highlights?: HighlightsLoader;
    /** The block's index in that file. */
    readonly hl?: number;
  }
}
