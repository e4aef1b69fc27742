/* fatekit page bundle of sources 1576558f285b56d6894a7ed4f58bf16dffea56aaa005aaf5cb302d5876bf1754 */
import{M as a,N as b,O as c,P as d,Q as e,R as f,S as g,T as h,U as i,V as j,W as k,X as l,Y as m,Z as n}from"./chunk-ALL6URD2.js";export{a as app,j as errorText,g as notify,e as openSeat,k as pressed,h as redraw,i as ruleReason,c as seatExtras,b as seatView,n as send,m as showError,l as showErrorBeside,f as subscribe,d as tablePreset};
//# sourceMappingURL=/web/bundle/store.js.map
