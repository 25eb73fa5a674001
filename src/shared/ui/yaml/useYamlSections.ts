/** YAML mode of a form lives in the form kit (src/shared/forms/yaml-mode.ts); use useResourceForm. */
export {
  readYamlText,
  useYamlSections,
  type YamlRead,
  type YamlSections,
  type YamlSectionsOptions,
} from '../../forms/yaml-mode';
