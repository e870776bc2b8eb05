import { Fragment } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import type { AssignmentChangeView } from './assignment-change';

/** The change in words, each vehicle a link to its page. */
export function AssignmentChangeText({ view }: { view: AssignmentChangeView }) {
  return (
    <>
      {view.parts.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <AnchorLink
            key={index}
            to="/vehicles/$vehicleId"
            params={{ vehicleId: part.id }}
            size="sm"
          >
            {part.name}
          </AnchorLink>
        ),
      )}
    </>
  );
}
