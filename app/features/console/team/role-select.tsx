import type { FieldMetadata } from "@conform-to/react";
import { OPERATOR_ROLES } from "~contract/statuses";
import { useTranslation } from "~/platform/i18n-react";
import { SelectField } from "~/ui/select-field";

/** The role select: owner, manager or guide. */
export function RoleSelect({ field, label }: { field: FieldMetadata<string | undefined>; label: string }) {
  const { t } = useTranslation();
  const options = OPERATOR_ROLES.map((role) => ({ value: role, label: t(`console.role_${role}`) }));
  return <SelectField field={field} label={label} options={options} />;
}
