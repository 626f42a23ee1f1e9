import { APPEAL_STATES } from "../../../contract/resources/appeal";
import type { AppealStatus } from "../../../contract/appeal";
import { StatusTag } from "~/components/resource/StatusTag";

/** An appeal's status as the engine's tag: 待审核 amber, 已通过 green, 已驳回 red (tones from the definition). */
export const AppealStatusTag = ({ status }: { status: AppealStatus }) => <StatusTag label={APPEAL_STATES[status].label} tone={APPEAL_STATES[status].tone} value={status} />;
