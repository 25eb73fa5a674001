import { deviceProperties } from './device-labels';
import type { LxdDevice } from '../../lxd/types/instance';
import './device-props.scss';

/**
 * A device's properties as label and value (its type left out: tables show it in a column);
 * the LXD key stays beside each known label, small, for those who know the keys.
 */
export function DeviceProperties({ device }: { device: LxdDevice }) {
  const properties = deviceProperties(device);
  if (properties.length === 0) return <span className="u-text--muted">-</span>;
  return (
    <dl className="device-props">
      {properties.map(({ key, label, value, known }) => (
        <div key={key}>
          <dt>
            {known ? (
              <>
                {label} <code className="device-props__key">{key}</code>
              </>
            ) : (
              <code>{key}</code>
            )}
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
