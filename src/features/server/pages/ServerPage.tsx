import { useAuth } from '../../../shared/auth/context';
import { useServer } from '../../../shared/query/server';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Hardware } from '../components/Hardware';
import { ServerSummary } from '../components/ServerSummary';
import { ServerTabs } from '../components/ServerTabs';
import '../server.scss';

/** /ui/server: who the server is and what hardware it has. */
export function ServerPage() {
  const auth = useAuth();
  const { data } = useServer();
  const server = data ?? auth.server;
  const hardware = (
    <Hardware>
      <ServerSummary server={server} />
    </Hardware>
  );
  return (
    <section className="page server-page">
      <PageHeader title="Server" />
      {auth.isClustered ? hardware : <ServerTabs current="overview">{hardware}</ServerTabs>}
    </section>
  );
}
