import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const RouterAnchor = forwardRef<
  HTMLAnchorElement,
  AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>
>((props, ref) => <Anchor component="a" ref={ref} {...props} />);
RouterAnchor.displayName = 'RouterAnchor';

/** A Mantine-styled link with the router's typed `to` and `params`. */
export const AnchorLink = createLink(RouterAnchor);
