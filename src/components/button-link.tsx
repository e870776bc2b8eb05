import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type AnchorHTMLAttributes } from 'react';

const RouterButton = forwardRef<
  HTMLAnchorElement,
  ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>
>((props, ref) => <Button component="a" ref={ref} {...props} />);
RouterButton.displayName = 'RouterButton';

/** A Mantine button that is a real link, with the router's typed `to`, `params` and `search`. */
export const ButtonLink = createLink(RouterButton);
