import { publicNotBuiltPage } from "~/components/ui/NotBuilt";
import { titled } from "~/lib/meta";

export const meta = titled("绑定账号");
export default publicNotBuiltPage("绑定账号", "/WXbinding");
