import { useCallback } from 'react';
import type { LxdGpuCard } from '../../lxd/types/resources';
import { DataTable, textColumn, type ListColumn } from '../ui/list';
import { Loader } from '../ui/Loader';

/** The host's GPUs as the form gets them (GET /1.0/resources → gpu.cards). */
export interface GpuChoices {
  cards: readonly LxdGpuCard[] | undefined;
  error?: Error | null | undefined;
  pending: boolean;
}

/** The GPU picker's choices from the query of GET /1.0/resources. */
export function gpuChoices(resources: {
  data?: { gpu?: { cards?: readonly LxdGpuCard[] | null } | null } | undefined;
  error: Error | null;
  isPending: boolean;
}): GpuChoices {
  return {
    cards: resources.data?.gpu?.cards ?? undefined,
    error: resources.error,
    pending: resources.isPending,
  };
}

export const NO_GPUS = 'This server has no GPUs: /1.0/resources lists no GPU cards.';

/** The properties of a `gpu` device passing one card through: its PCI address, else its DRM id. */
export function gpuDeviceProps(card: LxdGpuCard): Record<string, string> {
  const props: Record<string, string> = { gputype: 'physical' };
  if (card.pci_address) props.pci = card.pci_address;
  else if (card.drm?.id !== undefined) props.id = String(card.drm.id);
  return props;
}

export function gpuLabel(card: LxdGpuCard): string {
  const what = [card.vendor, card.product].filter(Boolean).join(' ') || 'GPU';
  const where =
    card.pci_address ?? (card.drm?.id !== undefined ? `DRM ${String(card.drm.id)}` : '');
  return where ? `${what} (${where})` : what;
}

const drmId = (card: LxdGpuCard) => (card.drm?.id === undefined ? '-' : String(card.drm.id));

const COLUMNS: readonly ListColumn<LxdGpuCard>[] = [
  textColumn('vendor', 'Vendor', (card) => card.vendor ?? '-', { width: 10 }),
  textColumn('product', 'Product', (card) => card.product ?? '-', { rowHeader: true }),
  textColumn('pci', 'PCI address', (card) => card.pci_address ?? '-', { width: 9 }),
  textColumn('drm', 'DRM ID', drmId, { width: 5 }),
  textColumn('driver', 'Driver', (card) => card.driver ?? '-', { width: 7, priority: 2 }),
];

const rowKey = (card: LxdGpuCard) => card.pci_address ?? card.usb_address ?? drmId(card);

/** The host's GPU cards, each added as a physical `gpu` device with one click. */
export function GpuPicker({
  gpus,
  onAdd,
  onAddEmpty,
  onClose,
}: {
  gpus: GpuChoices;
  onAdd: (card: LxdGpuCard) => void;
  onAddEmpty: () => void;
  onClose: () => void;
}) {
  const rowActions = useCallback(
    (card: LxdGpuCard) => (
      <button
        type="button"
        className="p-button is-dense"
        aria-label={`Add ${gpuLabel(card)}`}
        onClick={() => onAdd(card)}
      >
        Add
      </button>
    ),
    [onAdd],
  );
  let body;
  if (gpus.pending) body = <Loader text="Loading the server's GPUs…" />;
  else if (gpus.error) {
    body = (
      <p className="p-form-validation__message" role="alert">
        The server&apos;s GPUs could not be listed: {gpus.error.message}
      </p>
    );
  } else if (!gpus.cards || gpus.cards.length === 0) body = <p>{NO_GPUS}</p>;
  else {
    body = (
      <DataTable<LxdGpuCard>
        label="Server GPUs"
        rows={gpus.cards}
        columns={COLUMNS}
        rowKey={rowKey}
        rowLabel={gpuLabel}
        rowActions={rowActions}
        actionsWidth={5}
      />
    );
  }
  return (
    <section className="gpu-picker" aria-label="Choose a GPU">
      <h3 className="p-heading--5">Choose a GPU</h3>
      <p className="p-form-help-text">
        The card is passed through as a <code>gpu</code> device (<code>gputype: physical</code>) by
        its PCI address, or by its DRM id when it has none.
      </p>
      {body}
      <div className="gpu-picker__actions">
        <button type="button" className="p-button--base is-dense" onClick={onAddEmpty}>
          Add a GPU device without a card
        </button>
        <button type="button" className="p-button--base is-dense" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
