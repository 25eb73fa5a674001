/**
 * Checks before creating: the name rules (spec §5, uniqueness included), an image, device names
 * and paths, NIC addresses inside their network, and a root disk unless a profile gives one. A
 * failed check shows its section.
 */
import { useCallback } from 'react';
import type { InstanceType } from '../../../lxd/types/instance';
import { parseYaml } from '../../../shared/ui/yaml';
import {
  deviceProblems,
  inheritedDeviceMap,
  missingRootDisk,
  validateInstanceName,
  type ConfigFormController,
  type InheritedSet,
  type MappingOptions,
  type NameChecker,
  type NicNetwork,
  type VolumeOption,
} from '../../../shared/config-form';
import { bodyFromYaml, createBody, type ChosenImage } from './create-body';

export const IMAGE_MISSING = 'Choose an image to create the instance from';

export type SubmitCheck =
  | { ok: true; body: Record<string, unknown> & { name: string } }
  | { ok: false; imageError?: string };

export function useCreateSubmit(options: {
  controller: ConfigFormController;
  checker: NameChecker;
  project: string;
  image: ChosenImage | undefined;
  type: InstanceType;
  inherited: InheritedSet;
  mapping: MappingOptions;
  volumes?: readonly VolumeOption[] | undefined;
  /** The managed networks NICs may join (a static address must be inside the subnet). */
  networks?: readonly NicNetwork[] | undefined;
}) {
  const { controller, checker, project, image, type, inherited, mapping, volumes, networks } =
    options;

  return useCallback(async (): Promise<SubmitCheck> => {
    const { form } = controller;
    if (controller.isYaml) {
      // YAML mode sends the request as written: LXD has the last word on it.
      if (!controller.currentValues()) return { ok: false };
      const parsed = parseYaml(controller.yaml.text);
      if (!parsed.ok) return { ok: false };
      const body = bodyFromYaml(parsed.value);
      return { ok: true, body: { ...body, name: typeof body.name === 'string' ? body.name : '' } };
    }
    const values = form.getValues();
    const nameError = await validateInstanceName(checker, project, values.name);
    if (nameError) {
      form.setError('name', { type: 'validate', message: nameError });
      controller.selectSection('main');
      return { ok: false };
    }
    if (!image) {
      controller.selectSection('main');
      return { ok: false, imageError: IMAGE_MISSING };
    }
    const problems = deviceProblems(values.devices, volumes, networks);
    if (problems.length > 0) {
      for (const problem of problems) {
        form.setError(problem.field, { type: 'validate', message: problem.message });
      }
      controller.selectSection('devices');
      return { ok: false };
    }
    if (missingRootDisk(values.devices, inheritedDeviceMap(inherited))) {
      controller.selectSection('devices');
      return { ok: false };
    }
    return { ok: true, body: { ...createBody(values, type, image, mapping) } };
  }, [controller, checker, project, image, type, inherited, mapping, volumes, networks]);
}
