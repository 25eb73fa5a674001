import type { LxdClusterMember } from '../../../lxd/types/cluster';
import { EmptyState } from '../../../shared/ui/States';
import { Hardware } from '../../server';
import { memberOfflineReason } from '../form';

/** The Hardware tab: the member's resources, or why an offline member cannot tell them. */
export function MemberHardware({ member }: { member: LxdClusterMember }) {
  const offline = memberOfflineReason(member);
  if (offline) {
    return (
      <EmptyState title="Hardware unavailable">
        <p>{offline}.</p>
      </EmptyState>
    );
  }
  return <Hardware target={member.server_name} />;
}
