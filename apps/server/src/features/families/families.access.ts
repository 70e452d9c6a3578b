import { FAMILY_SERVER_MESSAGES, RECORDING_TEXTS } from '@fst/shared/messages';
import { isFamilyAdmin, isParentRole } from '@fst/shared/families/families.rules';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import type { FamiliesRepository, FamilyRoleValue } from './families.repository.ts';

/**
 * Access checks for family data: outsiders get 404 (they learn nothing), members without the right
 * role get 403. Other features receive this object to check before they touch family data.
 */
export function createFamilyAccess(families: Pick<FamiliesRepository, 'membership' | 'kidWithMembership'>) {
  async function requireMember(familyId: string, userId: string): Promise<{ role: FamilyRoleValue; relationship: string | null }> {
    const m = await families.membership(familyId, userId);
    if (!m) throw notFound(FAMILY_SERVER_MESSAGES.familyNotFound);
    return { role: m.familyRole, relationship: m.relationship };
  }
  return {
    requireMember,
    /** The kid and the caller's role in its family; unknown kids and kids of other families are the same 404. */
    async requireKidMember(kidId: string, userId: string) {
      const kidNotFound = () => fieldError('kid_id', RECORDING_TEXTS.kidNotFound, 'not_found');
      const row = await families.kidWithMembership(kidId, userId);
      if (!row?.role) throw kidNotFound();
      const { role, ...kid } = row;
      return { kid, role };
    },
    async requireParent(familyId: string, userId: string) {
      const m = await requireMember(familyId, userId);
      if (!isParentRole(m.role)) throw new AppError('forbidden', FAMILY_SERVER_MESSAGES.onlyParents);
      return m;
    },
    async requireAdmin(familyId: string, userId: string) {
      const m = await requireMember(familyId, userId);
      if (!isFamilyAdmin(m.role)) throw new AppError('forbidden', FAMILY_SERVER_MESSAGES.onlyAdmin);
      return m;
    },
  };
}
export type FamilyAccess = ReturnType<typeof createFamilyAccess>;
