import type { CreatePhase } from './useCreateInstance';

/** What the creation is doing until its operation ends. */
export function CreationProgress({ phase }: { phase: CreatePhase }) {
  if (phase.step === 'idle') return <span className="config-form-footer__status" role="status" />;
  const text =
    phase.step === 'creating'
      ? `Creating ${phase.name || 'the instance'}…${phase.progress ? ` ${phase.progress}` : ''}`
      : `Starting ${phase.name}…`;
  return (
    <span className="config-form-footer__status" role="status">
      <i className="p-icon--spinner u-animation--spin" aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}
