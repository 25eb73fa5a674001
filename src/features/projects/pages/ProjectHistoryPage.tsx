import { Suspense } from 'react';
import { useParams } from '../../../shared/routing/router';
import { Loader } from '../../../shared/ui/Loader';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ResourceHistory } from '../../activity';
import '../projects.scss';

/** /ui/project/{project}/history: what happened in the project (the activity journal's). */
export function ProjectHistoryPage() {
  const { project = '' } = useParams();
  return (
    <section className="page project-page" aria-labelledby="project-history-heading">
      <PageHeader
        title={
          <span id="project-history-heading">
            Project history <span className="project-name">{project}</span>
          </span>
        }
      />
      <Suspense fallback={<Loader text="Loading…" />}>
        <ResourceHistory key={project} project={project} label="Project history" />
      </Suspense>
    </section>
  );
}
