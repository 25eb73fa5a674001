/**
 * What the instance page and the actions use of the create page's code: the lists its forms
 * offer, the instance name check, the profiles field and an operation's progress line. The
 * other sub-folders import them only from here.
 */
export { progressText } from './create-body';
export { ProfilesField } from './ProfilesField';
export { formPoolsQuery, formProfilesQuery, newNameChecker } from './queries';
export { instanceNameCheck, instanceNameProblems, useInstanceNameLookup } from './nameCheck';
