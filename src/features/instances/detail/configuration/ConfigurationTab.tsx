import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from '../../../../shared/routing/router';
import { isEtagConflict, type WithEtag } from '../../../../lxd/client';
import { updateInstance } from '../../../../lxd/endpoints/instance-detail';
import type { LxdInstance } from '../../../../lxd/types/instance';
import { useAuth } from '../../../../shared/auth/context';
import { useProductName } from '../../../../shared/auth/product';
import {
  ConfigForm,
  configMapping,
  countChanges,
  deviceProblems,
  inheritFromProfiles,
  inheritedDeviceMap,
  isSectionId,
  missingRootDisk,
  saveLabel,
  useConfigForm,
} from '../../../../shared/config-form';
import { useNotify } from '../../../../shared/notifications';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { GatedButton } from '../../../../shared/ui/Gated';
import { paths } from '../../../../shared/routing/paths';
import { ErrorNotice } from '../../../../shared/ui/States';
import { formPoolsQuery, formProfilesQuery, ProfilesField } from '../../create';
import { instanceQuery } from '../queries';
import {
  editBody,
  editFormValues,
  editYamlObject,
  readEditYaml,
  writableOf,
  yamlValues,
} from './edit-body';
import './configuration.scss';
import { volumeOptionsQuery } from '../../../storage';
import { useNicChoices } from '../../../networking';
import { resourcesQuery } from '../../../server';

export const CONFLICT_MESSAGE =
  'Someone else changed this instance since you opened it. Your changes are still in the form: note what you need, then discard them to load the latest version.';

/** The instance's configuration in the sectioned form (edit mode), saved with If-Match. */
export default function ConfigurationTab({ instance }: { instance: WithEtag<LxdInstance> }) {
  const { project, name } = instance;
  const params = useParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const product = useProductName();
  const notify = useNotify();
  const client = useQueryClient();
  const descriptionId = useId();
  const extensions = auth.server.api_extensions;
  const mapping = useMemo(() => configMapping(extensions), [extensions]);
  const [base, setBase] = useState(instance);
  const [failure, setFailure] = useState<unknown>();
  const [saving, setSaving] = useState(false);
  const profiles = useQuery(formProfilesQuery(project));
  const pools = useQuery(formPoolsQuery(project));
  const volumes = useQuery(volumeOptionsQuery(project));
  const nic = useNicChoices(project);

  const controller = useConfigForm({
    defaultValues: editFormValues(base, mapping),
    toYamlObject: (values) => editYamlObject(base, values, mapping),
    fromYamlObject: (value) => readEditYaml(base, value, mapping),
    section: isSectionId(params.section) ? params.section : 'main',
    onSectionChange: (section) =>
      void navigate(
        paths.instance(project, name, 'configuration', section === 'main' ? undefined : section),
      ),
  });
  const values = controller.form.watch();
  const resources = useQuery({ ...resourcesQuery(), enabled: controller.section === 'devices' });
  const current = controller.isYaml ? yamlValues(base, controller.yaml.text, mapping) : values;
  const changes = current
    ? countChanges(writableOf(base), editBody(base, current, mapping))
    : undefined;

  const readOnlyReason = usePermissions().on('instance', 'edit', instance);
  const inherited = inheritFromProfiles(profiles.data ?? [], values.profiles);
  const changedElsewhere = instance.etag !== base.etag;

  const discard = () => {
    setFailure(undefined);
    setBase(instance);
    controller.reset(editFormValues(instance, mapping));
  };

  const save = async () => {
    setFailure(undefined);
    const next = controller.currentValues();
    if (!next) return;
    if (!controller.isYaml) {
      const problems = deviceProblems(next.devices, volumes.data, nic.networks);
      if (problems.length > 0) {
        for (const problem of problems) {
          controller.form.setError(problem.field, { type: 'validate', message: problem.message });
        }
        controller.selectSection('devices');
        return;
      }
      if (missingRootDisk(next.devices, inheritedDeviceMap(inherited))) {
        controller.selectSection('devices');
        return;
      }
    }
    setSaving(true);
    try {
      await updateInstance(project, name, editBody(base, next, mapping), base.etag);
      notify.success(`Configuration of ${name} saved`);
      // Continue from the saved version (and its new ETag).
      const fresh = await client.query({
        ...instanceQuery(project, name, auth.isFineGrained),
        staleTime: 0,
      });
      setBase(fresh);
      controller.reset(editFormValues(fresh, mapping));
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="configuration-tab"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {failure !== undefined &&
        (isEtagConflict(failure) ? (
          <div className="p-notification--caution" role="alert">
            <div className="p-notification__content">
              <h2 className="p-notification__title">The instance changed</h2>
              <p className="p-notification__message">{CONFLICT_MESSAGE}</p>
              <button type="button" className="p-button is-dense" onClick={discard}>
                Discard my changes and reload
              </button>
            </div>
          </div>
        ) : (
          <ErrorNotice title="The configuration could not be saved" error={failure} />
        ))}
      {changedElsewhere && failure === undefined && (
        <div className="p-notification--information" role="status">
          <div className="p-notification__content">
            <p className="p-notification__message">
              {changes === 0
                ? 'This instance changed on the server since the form was loaded.'
                : 'This instance changed on the server while you were editing: saving will be refused.'}
            </p>
            <button type="button" className="p-button is-dense" onClick={discard}>
              {changes === 0 ? 'Show the latest version' : 'Discard my changes and reload'}
            </button>
          </div>
        </div>
      )}
      {readOnlyReason && (
        <p className="configuration-locked" role="note">
          {readOnlyReason}
        </p>
      )}
      <ConfigForm
        controller={controller}
        entity="instance"
        instanceType={instance.type}
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
        yamlHelp={
          <p className="u-text--muted">
            The instance&apos;s own configuration (profiles add to it). Volatile keys belong to{' '}
            {product}: leave them as they are.
          </p>
        }
        main={
          <div className="config-form__main">
            <label htmlFor={descriptionId}>Description</label>
            <input type="text" id={descriptionId} {...controller.form.register('description')} />
            <ProfilesField
              form={controller.form}
              available={(profiles.data ?? []).map((profile) => profile.name)}
              loading={profiles.isPending}
            />
          </div>
        }
      />
      <footer className="config-form-footer">
        <span className="u-text--muted config-form-footer__status">
          {controller.isYaml ? 'YAML mode: the text is saved as written.' : ''}
        </span>
        <button
          type="button"
          className="p-button--base"
          onClick={discard}
          disabled={saving || changes === 0}
        >
          Discard changes
        </button>
        <GatedButton
          type="submit"
          className="p-button--positive"
          disabled={saving || changes === 0}
          reason={readOnlyReason}
          aria-busy={saving}
        >
          {saving ? 'Saving…' : saveLabel(changes)}
        </GatedButton>
      </footer>
    </form>
  );
}
