/* fatekit page bundle of sources 4155237129f657fcf9c3e03fd7da20634a711d88f24fd6ef1ac1441a0fd164b6 */
import{G as a,H as b,I as c,J as d,K as e,L as f,M as g,N as h,O as i,P as j,Q as k,R as l,S as m}from"./chunk-K2FB54RF.js";export{a as app,i as errorText,f as notify,d as openSeat,j as pressed,g as redraw,h as ruleReason,c as seatExtras,b as seatView,m as send,l as showError,k as showErrorBeside,e as subscribe};
//# sourceMappingURL=/web/bundle/store.js.map
