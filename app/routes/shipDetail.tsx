import { publicNotBuiltPage } from "~/components/ui/NotBuilt";
import { titled } from "~/lib/meta";

export const meta = titled("船舶详情");
export default publicNotBuiltPage("船舶详情", "/shipDetail");
