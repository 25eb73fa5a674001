import { useQuery } from '@tanstack/react-query';
import { useProductName } from '../../../../shared/auth/product';
import { Loader } from '../../../../shared/ui/Loader';
import { ErrorNotice } from '../../../../shared/ui/States';
import { aclLogQuery } from '../queries';

/**
 * The ACL's log (GET /1.0/network-acls/{name}/log) as text, with a refresh. LXD reads it from
 * OVN; on other networks it answers with an error, shown as LXD words it.
 */
export function AclLog({ project, name }: { project: string; name: string }) {
  const log = useQuery(aclLogQuery(project, name));
  const product = useProductName();
  return (
    <section className="acl-log" aria-labelledby="acl-log-heading">
      <div className="acl-log__header">
        <h2 className="p-heading--5" id="acl-log-heading">
          Log
        </h2>
        <button
          type="button"
          className="p-button is-dense"
          disabled={log.isFetching}
          aria-busy={log.isFetching}
          onClick={() => void log.refetch()}
        >
          {log.isFetching ? 'Refreshing…' : 'Refresh log'}
        </button>
      </div>
      <p className="p-form-help-text">
        Entries of rules whose state is logged. {product} keeps them for OVN networks only.
      </p>
      {log.isPending && <Loader text="Loading the log…" />}
      {log.error && <ErrorNotice title="Could not load the log" error={log.error} />}
      {log.data !== undefined &&
        (log.data.trim() === '' ? (
          <p className="u-text--muted">The log is empty.</p>
        ) : (
          <pre className="acl-log__text">{log.data}</pre>
        ))}
    </section>
  );
}
