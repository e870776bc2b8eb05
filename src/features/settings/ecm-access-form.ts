import { t } from '@lingui/core/macro';
import { CUSTOM_DEPLOYMENT_ID, isUsableEcmAddress, type EcmAccessSettings } from '@/lib/ecm-access';

export type EcmAccessErrors = Partial<Record<keyof EcmAccessSettings, string>>;

/** The key and deployment as they will be stored: trimmed, the custom address without a trailing slash. */
export function normalizeEcmAccess(values: EcmAccessSettings): EcmAccessSettings {
  return {
    apiKey: values.apiKey.trim(),
    deploymentId: values.deploymentId,
    customBaseUrl:
      values.deploymentId === CUSTOM_DEPLOYMENT_ID
        ? values.customBaseUrl.trim().replace(/\/+$/, '')
        : '',
  };
}

export function validateEcmAccess(values: EcmAccessSettings): EcmAccessErrors {
  const errors: EcmAccessErrors = {};
  const apiKey = values.apiKey.trim();
  if (!apiKey) errors.apiKey = t`Enter the API key your company received for the legacy API.`;
  else if (/\s/.test(apiKey)) errors.apiKey = t`An API key has no spaces. Check what was pasted.`;
  else if (apiKey.length > 200) errors.apiKey = t`This is too long for an API key.`;
  if (!values.deploymentId)
    errors.deploymentId = t`Choose the deployment that serves your company.`;
  if (values.deploymentId === CUSTOM_DEPLOYMENT_ID) {
    const address = values.customBaseUrl.trim();
    if (!address) errors.customBaseUrl = t`Enter the address of the legacy API.`;
    else if (!isUsableEcmAddress(address))
      errors.customBaseUrl = t`Enter a web address starting with https:// (like https://lytx-api.prod2.ph.lytx.com/ecm), or a path on this site starting with /.`;
  }
  return errors;
}

/** Whether requests would go elsewhere or with another key, so cached legacy data is no longer valid. */
export function ecmAccessChanged(before: EcmAccessSettings, after: EcmAccessSettings): boolean {
  const a = normalizeEcmAccess(before);
  const b = normalizeEcmAccess(after);
  return (
    a.apiKey !== b.apiKey ||
    a.deploymentId !== b.deploymentId ||
    a.customBaseUrl !== b.customBaseUrl
  );
}
