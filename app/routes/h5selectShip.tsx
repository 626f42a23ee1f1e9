import { publicNotBuiltPage } from "~/components/ui/NotBuilt";
import { titled } from "~/lib/meta";

export const meta = titled("H5选船");
export default publicNotBuiltPage("H5选船", "/h5selectShip");
