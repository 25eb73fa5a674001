import { useQuery } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '../../../shared/routing/router';
import type { InstanceType } from '../../../lxd/types/instance';
import { hasServerExtension, useAuth } from '../../../shared/auth/context';
import {
  ConfigForm,
  configMapping,
  inheritFromProfiles,
  useConfigForm,
  type ConfigFormValues,
  type VolumeOption,
} from '../../../shared/config-form';
import { useNotify } from '../../../shared/notifications';
import { usePermissions } from '../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../shared/ui/Gated';
import { paths } from '../../../shared/routing/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ErrorNotice } from '../../../shared/ui/States';
import { clusterMembersQuery } from '../../cluster';
import {
  canCreateAndStart,
  chosenLocalImage,
  createYamlObject,
  describeSource,
  readCreateYaml,
  sameSource,
  supportsVirtualMachines,
  type ChosenImage,
} from './create-body';
import { CreateMainSection } from './CreateMainSection';
import { CreationProgress } from './CreationProgress';
import { formPoolsQuery, formProfilesQuery, newNameChecker } from './queries';
import { EMPTY_VM, attachedIso, withIso } from './iso';
import { useCreateInstance } from './useCreateInstance';
import { useCreateSubmit } from './useCreateSubmit';
import { UploadBackupModal } from './UploadBackupModal';
import './create.scss';
import { volumeOptionsQuery } from '../../storage';
import { useNicChoices } from '../../networking';
import { imagesQuery } from '../../images';
import { VM_UNAVAILABLE } from './imagePickerList';
import { resourcesQuery } from '../../server';

const EMPTY: ConfigFormValues = {
  name: '',
  description: '',
  profiles: ['default'],
  config: {},
  devices: [],
  otherConfig: {},
  userProperties: [],
  sshKeys: [],
};

/** /ui/project/{project}/instances/create */
export function CreateInstancePage() {
  const { project = 'default' } = useParams();
  const auth = useAuth();
  const permissions = usePermissions();
  const navigate = useNavigate();
  const notify = useNotify();
  const mapping = configMapping(auth.server.api_extensions);
  const vmSupported = supportsVirtualMachines(auth.server);
  const [checker] = useState(newNameChecker);
  const [image, setImage] = useState<ChosenImage>();
  const [imageError, setImageError] = useState<string>();
  const [type, setType] = useState<InstanceType>('container');
  const [target, setTarget] = useState('');
  const [failure, setFailure] = useState<unknown>();
  const [uploading, setUploading] = useState(false);

  const profiles = useQuery(formProfilesQuery(project));
  const pools = useQuery(formPoolsQuery(project));
  const volumes = useQuery(volumeOptionsQuery(project));
  const nic = useNicChoices(project);
  const members = useQuery({ ...clusterMembersQuery, enabled: auth.isClustered });

  // `?image=<fingerprint>` (the image list's "Create instance") preselects a local image of the
  // project once the project's images are known.
  const [params] = useSearchParams();
  const wanted = params.get('image') ?? '';
  const images = useQuery({
    ...imagesQuery(project, auth.isFineGrained),
    enabled: wanted !== '' && auth.isFineGrained !== null,
  });
  const [preset, setPreset] = useState('');
  if (wanted && preset !== wanted && (images.data || images.error)) {
    setPreset(wanted);
    const found = images.data?.find((candidate) => candidate.fingerprint === wanted);
    if (!found) {
      setImageError(
        images.error
          ? `The image ${wanted} could not be loaded: ${images.error.message}`
          : `There is no image ${wanted} in project ${project}`,
      );
    } else if (found.type === 'virtual-machine' && !vmSupported) {
      setImageError(VM_UNAVAILABLE);
    } else {
      setImage(chosenLocalImage(found));
      setImageError(undefined);
      setType(found.type);
    }
  }

  const controller = useConfigForm({
    defaultValues: EMPTY,
    toYamlObject: (values) => createYamlObject(values, type, image, mapping),
    fromYamlObject: (value) => {
      const read = readCreateYaml(value, mapping);
      if (read.type) setType(read.type);
      if (read.source && !sameSource(read.source, image)) {
        setImage({ kind: 'custom', source: read.source, description: describeSource(read.source) });
      }
      return read.values;
    },
  });
  const chosenProfiles = controller.form.watch('profiles');
  // The GPU picker offers the chosen cluster member's cards.
  const resources = useQuery({
    ...resourcesQuery(target || undefined),
    enabled: controller.section === 'devices',
  });
  const isos = hasServerExtension(auth, 'custom_volume_iso')
    ? (volumes.data ?? []).filter((volume) => volume.contentType === 'iso')
    : undefined;
  const iso = attachedIso(controller.form.watch('devices'));
  const chooseIso = (chosen: VolumeOption | undefined) => {
    const devices = withIso(controller.form.getValues('devices'), chosen);
    controller.form.setValue('devices', devices, { shouldDirty: true });
    if (chosen && !image) setImage(EMPTY_VM);
    if (!chosen && image === EMPTY_VM) setImage(undefined);
  };
  const chooseType = (next: InstanceType) => {
    setType(next);
    // Containers boot no ISO.
    if (next === 'container' && iso) chooseIso(undefined);
  };
  const inherited = inheritFromProfiles(profiles.data ?? [], chosenProfiles);
  const { phase, create } = useCreateInstance(project, canCreateAndStart(auth.server));
  const validate = useCreateSubmit({
    controller,
    checker,
    project,
    image,
    type,
    inherited,
    mapping,
    volumes: volumes.data,
    networks: nic.networks,
  });

  const chooseImage = (chosen: ChosenImage) => {
    setImage(chosen);
    setImageError(undefined);
    if (chosen.kind !== 'custom') setType(chosen.type);
  };

  const submit = async (start: boolean) => {
    setFailure(undefined);
    const checked = await validate();
    if (!checked.ok) {
      if (checked.imageError) setImageError(checked.imageError);
      return;
    }
    try {
      const result = await create(checked.body, { start, target: target || undefined });
      const links = [{ label: result.name, to: paths.instance(project, result.name) }];
      if (result.startError) {
        notify.failure(
          `Instance ${result.name} created, but it did not start`,
          result.startError,
          links,
        );
      } else {
        notify.success(
          `Instance ${result.name} ${result.started ? 'created and started' : 'created'}`,
          undefined,
          links,
        );
      }
      void navigate(paths.instance(project, result.name));
    } catch (error) {
      setFailure(error);
    }
  };

  const busy = phase.step !== 'idle';
  const createReason = permissions.inProject(project, 'createInstances');
  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!busy && createReason === undefined) void submit(false);
  };

  return (
    <section className="page create-instance" aria-labelledby="create-instance-heading">
      <PageHeader title={<span id="create-instance-heading">Create an instance</span>}>
        <GatedButton className="p-button" reason={createReason} onClick={() => setUploading(true)}>
          Upload instance backup
        </GatedButton>
      </PageHeader>
      {uploading && <UploadBackupModal project={project} onClose={() => setUploading(false)} />}
      {failure !== undefined && (
        <ErrorNotice title="The instance could not be created" error={failure} />
      )}
      <form onSubmit={onSubmit} noValidate aria-labelledby="create-instance-heading">
        <ConfigForm
          controller={controller}
          entity="instance"
          instanceType={type}
          inherited={inherited}
          pools={pools.data ?? []}
          volumes={volumes.data}
          networks={nic.networks}
          acls={nic.acls}
          gpus={{
            cards: resources.data?.gpu?.cards ?? undefined,
            error: resources.error,
            pending: resources.isPending,
          }}
          mapping={mapping}
          label="Instance configuration"
          sectionErrors={{
            main: Boolean(controller.form.formState.errors.name) || Boolean(imageError),
          }}
          yamlHelp={
            <p className="u-text--muted">
              The whole creation request. Its <code>source</code> names the image.
            </p>
          }
          main={
            <CreateMainSection
              form={controller.form}
              project={project}
              checker={checker}
              image={image}
              imageError={imageError}
              onImage={chooseImage}
              type={type}
              onType={chooseType}
              vmSupported={vmSupported}
              profiles={(profiles.data ?? []).map((profile) => profile.name)}
              profilesLoading={profiles.isPending}
              members={auth.isClustered ? members.data?.map((m) => m.server_name) : undefined}
              target={target}
              onTarget={setTarget}
              isos={isos}
              iso={iso}
              onIso={chooseIso}
            />
          }
        />
        <footer className="config-form-footer">
          <CreationProgress phase={phase} />
          <Link className="p-button--base" to={paths.instances(project)}>
            Cancel
          </Link>
          <GatedButton type="submit" className="p-button" disabled={busy} reason={createReason}>
            Create
          </GatedButton>
          <GatedButton
            className="p-button--positive"
            disabled={busy}
            reason={createReason}
            onClick={() => void submit(true)}
          >
            Create and start
          </GatedButton>
        </footer>
      </form>
    </section>
  );
}
