import { useEffect, useRef } from 'react';
import type { WizardStep } from './dispatch-draft';

/** Moves focus to the new step's heading when the step changes (not on the first visit). */
export function useStepHeadingFocus(step: WizardStep) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);
  return heading;
}
