import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  DeviceCodeResponse,
  FamilyDeviceResponse,
  FamilyDevicesResponse,
  PairDeviceBody,
  PairedDeviceResponse,
  UpdateDeviceBody,
} from '@fst/shared/devices/devices.schema';
import type { okResponse } from '@fst/shared/http/error.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSession, sessionQueryKey } from '../../../lib/api/auth/get-me.ts';
import { markKidDevice } from '../kid-device-mark.ts';

const enc = encodeURIComponent;

/** POST /api/family/{id}/kids/{kidId}/device-code: a single-use pairing code, valid 10 minutes. */
export function createDeviceCode({ familyId, kidId }: { familyId: string; kidId: string }): Promise<DeviceCodeResponse> {
  return apiRequest<DeviceCodeResponse>(`/api/family/${enc(familyId)}/kids/${enc(kidId)}/device-code`, { method: 'POST' });
}
export const useCreateDeviceCode = () => useMutation({ mutationFn: createDeviceCode });

/** POST /api/devices/pair: this browser becomes the kid's device; the session is asked for again. */
export function pairDevice(body: PairDeviceBody): Promise<PairedDeviceResponse> {
  return apiRequest<PairedDeviceResponse>('/api/devices/pair', { method: 'POST', body });
}
export function usePairDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pairDevice,
    onSuccess: async () => {
      markKidDevice(true);
      // Whatever was cached for the person who used this browser before is not the kid's.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      await refreshSession(queryClient);
    },
  });
}

export const familyDevicesQueryKey = (familyId: string) => ['devices', familyId] as const;

/** GET /api/family/{id}/devices: the family's kid devices, for its parents. */
export const familyDevicesQueryOptions = (familyId: string) =>
  queryOptions({ queryKey: familyDevicesQueryKey(familyId), queryFn: () => apiRequest<FamilyDevicesResponse>(`/api/family/${enc(familyId)}/devices`) });
export const useFamilyDevices = (familyId: string) => useQuery(familyDevicesQueryOptions(familyId));

/** PATCH /api/family/{id}/devices/{deviceId}: how many of the playlist's first stories the device keeps offline. */
export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ familyId, deviceId, body }: { familyId: string; deviceId: string; body: UpdateDeviceBody }) =>
      apiRequest<FamilyDeviceResponse>(`/api/family/${enc(familyId)}/devices/${enc(deviceId)}`, { method: 'PATCH', body }),
    onSettled: (_answer, _error, { familyId }) => queryClient.invalidateQueries({ queryKey: familyDevicesQueryKey(familyId) }),
  });
}

/** DELETE /api/family/{id}/devices/{deviceId}: the device is refused from its next request on. */
export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ familyId, deviceId }: { familyId: string; deviceId: string }) =>
      apiRequest<z.infer<typeof okResponse>>(`/api/family/${enc(familyId)}/devices/${enc(deviceId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, { familyId }) => queryClient.invalidateQueries({ queryKey: familyDevicesQueryKey(familyId) }),
  });
}
