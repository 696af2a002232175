import type { AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
}

/**
 * A link inside the app, on react-router's own hooks: its `Link` also brings
 * the framework mode's route prefetching, which these pages never use and
 * every page paid 2 KB brotli for (decision 094). A plain click navigates in
 * the app; a modified click (new tab) is left to the browser.
 */
export function Link({ to, onClick, target, ...anchor }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
