import { createContext, useContext, type ReactNode } from 'react';

const InsideMain = createContext(false);

export interface MainProps {
  className?: string;
  children?: ReactNode;
}

/**
 * The page's main landmark. Inside another `Main` (a not-found or error screen shown within a
 * layout that already wraps its pages in one) it is a plain `div`, so a page has exactly one.
 */
export function Main({ className, children }: MainProps) {
  const inside = useContext(InsideMain);
  const Element = inside ? 'div' : 'main';
  return (
    <InsideMain.Provider value>
      <Element className={className}>{children}</Element>
    </InsideMain.Provider>
  );
}
