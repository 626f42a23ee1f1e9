import { smsTemplate } from "../../contract/resources/sms-template";
import { vehicleAvailability } from "../../contract/resources/vehicle-availability";
import { pagesOf } from "./kit";

/** 设置车辆信息: the owner's 车源 (published for 找车), added and edited on the list; 已约 / 下线 / 重新上线 per row. */
export const availabilityPages = pagesOf(vehicleAvailability, {
  list: { path: "/carAdministration/findCar/setCarInfo", rowActions: ["edit", "book", "offline", "relist", "delete"], inlineForm: true, createLabel: "发布车源" },
});

/** 短信模板: the owner's templates; 提交报备 files one with the SMS gateway, 测试发送 sends it to the user's own mobile. */
export const smsTemplatePages = pagesOf(smsTemplate, {
  list: { path: "/carAdministration/smsTemplate", rowActions: ["edit", "submit", "testSend", "disable", "enable", "delete"], inlineForm: true },
});
