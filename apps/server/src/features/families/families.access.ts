import { FAMILY_SERVER_MESSAGES } from '@fst/shared/messages';
import { isFamilyAdmin, isParentRole } from '@fst/shared/families/families.rules';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FamiliesRepository, FamilyRoleValue } from './families.repository.ts';

/**
 * Access checks for family data: outsiders get 404 (they learn nothing), members without the right
 * role get 403. Other features receive this object to check before they touch family data.
 */
export function createFamilyAccess(families: Pick<FamiliesRepository, 'membership'>) {
  async function requireMember(familyId: string, userId: string): Promise<{ role: FamilyRoleValue; relationship: string | null }> {
    const m = await families.membership(familyId, userId);
    if (!m) throw notFound(FAMILY_SERVER_MESSAGES.familyNotFound);
    return { role: m.familyRole, relationship: m.relationship };
  }
  return {
    requireMember,
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
