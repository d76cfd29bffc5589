import {
  BarChart3,
  BriefcaseBusiness,
  Calendar,
  CalendarOff,
  ClipboardCheck,
  ClipboardList,
  CreditCard,
  FileText,
  GraduationCap,
  HeartHandshake,
  LayoutDashboard,
  LifeBuoy,
  MessageCircle,
  Settings,
  Tag,
  User,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  "bar-chart-3": BarChart3,
  "briefcase-business": BriefcaseBusiness,
  calendar: Calendar,
  "calendar-off": CalendarOff,
  "clipboard-check": ClipboardCheck,
  "clipboard-list": ClipboardList,
  "credit-card": CreditCard,
  "file-text": FileText,
  "graduation-cap": GraduationCap,
  "heart-handshake": HeartHandshake,
  "layout-dashboard": LayoutDashboard,
  "life-buoy": LifeBuoy,
  "message-circle": MessageCircle,
  settings: Settings,
  tag: Tag,
  user: User,
  users: Users,
  wallet: Wallet,
};

export function MenuIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? LayoutDashboard;
  return <Icon aria-hidden="true" className={className} />;
}
