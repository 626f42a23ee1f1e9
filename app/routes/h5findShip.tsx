import { publicNotBuiltPage } from "~/components/ui/NotBuilt";
import { titled } from "~/lib/meta";

export const meta = titled("H5找船");
export default publicNotBuiltPage("H5找船", "/h5findShip");
