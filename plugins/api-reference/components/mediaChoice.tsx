/**
 * The media type the reader picked, per direction: picking application/xml in one request body
 * (or one response) picks it in every other group of that direction that offers it. Plain React
 * state, held by the page (./ApiPage).
 */
import React, { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type Direction = 'request' | 'response';

interface MediaChoice {
  chosen: Partial<Record<Direction, string>>;
  choose(direction: Direction, mimeType: string): void;
}

const Context = createContext<MediaChoice>({ chosen: {}, choose: () => {} });

export function MediaChoiceProvider({ children }: { children: ReactNode }): ReactNode {
  const [chosen, setChosen] = useState<MediaChoice['chosen']>({});
  const value = useMemo<MediaChoice>(() => ({ chosen, choose: (direction, mimeType) => setChosen((was) => ({ ...was, [direction]: mimeType })) }), [chosen]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The `chosen` and `onChange` props of a media-type tab group of `direction`. */
export function useMediaChoice(direction: Direction): { chosen?: string; onChange: (mimeType: string) => void } {
  const { chosen, choose } = useContext(Context);
  return { chosen: chosen[direction], onChange: (mimeType) => choose(direction, mimeType) };
}
